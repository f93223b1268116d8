/** Column types shared by the table types: booleans read back as 0/1 on SQLite; ISO-8601 UTC timestamps. */
export type Bool = boolean | number;
export type Timestamps = { created_at: string; update_at: string };
