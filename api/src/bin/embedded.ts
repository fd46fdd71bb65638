import { run } from "./run.ts";

await run(["api", "feed", "gateway", "client"], 3000);
