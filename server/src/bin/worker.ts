import { run } from "./run.ts";

await run(["worker"], 3004);
