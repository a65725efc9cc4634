import WebSocket from 'ws';

// supabase-js builds a realtime client with every createClient; Node 20 has no global WebSocket.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
