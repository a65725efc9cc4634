import { useEffect, useState } from 'react';
import { localIsoDate } from '../../domain/calendar-date';

/** How often an open tab looks at the clock for a new day (the daily expiry check). */
export const CLOCK_TICK_MS = 60_000;

/** The seller's local date, moving on at midnight while the app stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => localIsoDate(new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => setToday(localIsoDate(new Date())), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}
