import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// Every schema module imports z from here, so `.openapi()` metadata is available everywhere.
extendZodWithOpenApi(z);

export { z };
