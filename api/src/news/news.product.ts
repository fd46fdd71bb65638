import { product } from "../kernel/product.ts";
import { mountNewsRoutes } from "./news.routes.ts";
import { NewsService } from "./news.service.ts";
import { mountOpsNewsRoutes } from "./news-ops.routes.ts";

/** News for members, written and published by operations. */
export const newsProduct = product({
  name: "news",
  uses: [],
  create: ({ database, now }) => ({ news: new NewsService({ db: database.db, now }) }),
  routes: ({ router, ops, docs }, { news }) => {
    mountNewsRoutes(router, docs, { news });
    mountOpsNewsRoutes(ops, docs, { news });
  },
});
