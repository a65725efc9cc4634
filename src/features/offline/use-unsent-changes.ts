// Kept in the data layer so the header's account switcher (loaded on every page) can ask without
// pulling the queue's replay, and with it the eager Supabase client, into the app's first bundle.
export { useUnsentChanges } from '../../data/offline/outbox';
