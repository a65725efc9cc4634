-- Live sync (issue 22): the seller's storage, items, preferences, subscription and dismissed
-- notifications are published to Supabase Realtime, so a change made on one screen reaches the
-- seller's other screens. Realtime sends each change only to subscribers whose RLS lets them
-- read the row.
--
-- Replica identity full: a delete then carries the whole old row, so Realtime can check it
-- against the subscriber's `user_id=eq.<id>` filter (and the local service against the SELECT
-- policies); the subscriber still receives only the primary key of the old row.

do $$
declare
  t text;
begin
  foreach t in array array[
    'storage_rooms', 'storage_isles', 'storage_units', 'storage_shelves', 'storage_items',
    'user_preferences', 'subscriptions', 'dismissed_notifications'
  ] loop
    execute format('alter table public.%I replica identity full', t);
    if not exists (
      select 1 from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
