import { updateProduct } from "@/lib/commerce/update-product";
import { endpoints, json, route } from "@/lib/http/route";
import { ProductParams, UpdateProductInput, serializeProduct } from "@/lib/schemas/product";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/products/{productId}", {
  PATCH: route(
    { operation: "PATCH /products/{productId}", auth: "admin", params: ProductParams, body: UpdateProductInput },
    async ({ auth, params, body }) =>
      json(
        serializeProduct(
          await updateProduct({ db: auth.db, accountId: auth.accountId, productId: params.productId, input: body }),
        ),
      ),
  ),
});
