-- Seed data for local development. Intentionally free of rows: the demo account is created by
-- the local stack from code (local/demo.ts) through the real sign-up path, so its profile,
-- preferences and subscription come from the new-user trigger like any other account.
-- Anything added here must be idempotent (it runs on every local start).

-- The plan catalogue is reference data owned by the migrations; re-assert nothing here.
select 1;
