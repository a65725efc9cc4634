// supabase-js builds a realtime client with every createClient; Node 20 has no global WebSocket.
import '../../local/node-websocket.ts';
