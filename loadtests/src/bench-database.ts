// A bench's own PostgreSQL database beside the server's default one (DATABASE_URL, else the
// machine's local server), made at the start of a run and dropped at its end.
import pg from "pg";

export const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The address of database `name` on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's default database: creating or dropping a bench's own. */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
