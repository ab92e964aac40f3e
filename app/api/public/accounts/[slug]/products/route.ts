import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { endpoints, json, route } from "@/lib/http/route";
import { SlugParams } from "@/lib/schemas/demo";
import { serializePublicProduct } from "@/lib/schemas/product";

// Active drop-ins, class passes, subscriptions and gift cards, and course products with their course; 404 for an unknown or suspended slug.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}/products", {
  GET: route(
    { operation: "GET /public/accounts/{slug}/products", auth: "none", params: SlugParams },
    async ({ params }) => json((await listPublicProducts({ ...params, courses: true })).map(serializePublicProduct)),
  ),
});
