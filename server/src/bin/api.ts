import { run } from "./run.ts";

await run(["api"], 3001);
