import { run } from "./run.ts";

await run(["api", "worker", "feed", "gateway", "client"], 3000);
