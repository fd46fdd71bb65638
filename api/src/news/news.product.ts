import { product } from "../kernel/product.ts";
import { mountNewsRoutes } from "./news.routes.ts";
import { NewsService } from "./news.service.ts";
import { mountOpsNewsRoutes } from "./news-ops.routes.ts";
import { seedDemoNews } from "./news-seed.ts";

/** News for members, written and published by operations. */
export const newsProduct = product({
  name: "news",
  uses: [],
  create: ({ database, now }) => ({ news: new NewsService({ db: database.db, now }) }),
  routes: ({ router, ops, docs }, { news }) => {
    mountNewsRoutes(router, docs, { news });
    mountOpsNewsRoutes(ops, docs, { news });
  },
  seed: {
    when: "start",
    // The demo admin writes them, as staff write news in the console.
    after: ["staff"],
    run: async (context) => {
      const written = await seedDemoNews(context);
      return written > 0 ? [`published ${written} demo news items and notices in three languages`] : [];
    },
  },
});
