-- The write and sign-in limits' counters last a minute: they need no write-ahead log. Unlogged,
-- a count commits without waiting for the disk (the order it guards waits once, for its own
-- commit), and a crash empties the table, which starts every window afresh.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
