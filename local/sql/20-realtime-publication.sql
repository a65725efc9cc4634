-- What hosted Supabase creates in every project: the publication its Realtime reads, empty until
-- the migrations add tables to it. The local realtime service (local/realtime) reads the same one.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
