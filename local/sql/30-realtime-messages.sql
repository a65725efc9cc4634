-- What Supabase Realtime creates in every project for private channels: realtime.messages, whose
-- RLS policies say who may join a private channel (select) and send on it (insert), and
-- realtime.topic(), the channel's name while those policies are checked. As on hosted projects it
-- has row-level security and no policy, so every private channel is refused until a migration adds
-- one. Reduced to the columns the checks use: the local service stores no messages (no
-- realtime.send, no replay), so the table is not partitioned.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid() primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default true,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
create index if not exists messages_topic_index on realtime.messages (topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
