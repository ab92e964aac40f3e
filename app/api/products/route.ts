import { createProduct } from "@/lib/commerce/create-product";
import { listProducts } from "@/lib/commerce/list-products";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateProductInput, serializeProduct } from "@/lib/schemas/product";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/products", {
  GET: route({ operation: "GET /products", auth: "member" }, async ({ auth }) =>
    json((await listProducts({ db: auth.db })).map(serializeProduct)),
  ),
  POST: route({ operation: "POST /products", auth: "admin", body: CreateProductInput }, async ({ auth, body }) =>
    json(serializeProduct(await createProduct({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
