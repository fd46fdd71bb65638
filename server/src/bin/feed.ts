import { run } from "./run.ts";

await run(["feed"], 3003);
