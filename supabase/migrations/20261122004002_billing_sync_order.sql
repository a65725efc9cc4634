-- Stripe delivers webhooks out of order and our functions write the state they get back from
-- Stripe too, so two writers can race: one that read Stripe earlier must not overwrite one that
-- read it later. Each write records when its Stripe state was read; older reads are skipped
-- (netlify/lib/subscriptions.ts). Never null ('-infinity' before the first write) so the check
-- is one plain comparison.
alter table public.subscriptions
  add column if not exists stripe_synced_at timestamptz not null default '-infinity';
comment on column public.subscriptions.stripe_synced_at is
  'When the Stripe state last written to this row was read from Stripe; an older read never overwrites it.';
