-- Live sync (issue 22): the account's storage, items, preferences, subscription, dismissed
-- notifications, picking and item photos are published to Supabase Realtime, so a change made on one screen
-- reaches the other screens of the account's members. Realtime sends each change only to
-- subscribers whose RLS lets them read the row.
--
-- The account itself (issue 38): its row (plan_id follows the subscription, so a plan change
-- reaches every member's screen, who cannot read the subscription) and its memberships (a member
-- removed, or whose role changed, learns it at once: the SELECT policy of account_members lets a
-- user read their own rows, the deleted one included).
--
-- Replica identity full: a delete then carries the whole old row, so Realtime can check it
-- against the subscriber's `account_id=eq.<id>` filter (and the local service against the SELECT
-- policies); the subscriber still receives only the primary key of the old row.

alter table public.storage_rooms replica identity full;
alter publication supabase_realtime add table public.storage_rooms;
alter table public.storage_isles replica identity full;
alter publication supabase_realtime add table public.storage_isles;
alter table public.storage_units replica identity full;
alter publication supabase_realtime add table public.storage_units;
alter table public.storage_shelves replica identity full;
alter publication supabase_realtime add table public.storage_shelves;
alter table public.storage_items replica identity full;
alter publication supabase_realtime add table public.storage_items;
alter table public.user_preferences replica identity full;
alter publication supabase_realtime add table public.user_preferences;
alter table public.subscriptions replica identity full;
alter publication supabase_realtime add table public.subscriptions;
alter table public.dismissed_notifications replica identity full;
alter publication supabase_realtime add table public.dismissed_notifications;
alter table public.order_picks replica identity full;
alter publication supabase_realtime add table public.order_picks;
alter table public.sku_links replica identity full;
alter publication supabase_realtime add table public.sku_links;
-- eBay orders (issue 39): the server writes an account's orders page by page and, with the last
-- page, its row of ebay_order_fetches; that one row is published, so each fetch (on demand or
-- scheduled) tells every screen once to read the orders again, rather than an event per order.
alter table public.ebay_order_fetches replica identity full;
alter publication supabase_realtime add table public.ebay_order_fetches;
alter table public.accounts replica identity full;
alter publication supabase_realtime add table public.accounts;
alter table public.account_members replica identity full;
alter publication supabase_realtime add table public.account_members;
alter table public.item_photos replica identity full;
alter publication supabase_realtime add table public.item_photos;
