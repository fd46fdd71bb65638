// The yardstick for the orders benchmark: Express and node-postgres doing one INSERT per
// request, nothing else. Run as its own process: `node bare-service.ts <port> <database url>`.
import express from "express";
import pg from "pg";

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query(
  "create table if not exists bare_orders (id bigserial primary key, member int not null, quantity int not null, created_at_ms bigint not null)",
);
const app = express();
app.use(express.json());
app.post("/orders", async (request, response) => {
  const body = request.body as { member: number; quantity: number };
  const result = await pool.query(
    "insert into bare_orders (member, quantity, created_at_ms) values ($1, $2, $3) returning id",
    [body.member, body.quantity, Date.now()],
  );
  response.status(201).json({ id: String(result.rows[0].id) });
});
app.listen(Number(port), () => console.log("ready"));
