/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys for nesting,
 * `a[b][c]=1` for objects and `a[0][b]=1` (or `a[][b]`) for arrays, as the SDK writes them.
 * Decoded here into plain objects and arrays of strings, the way Stripe's API reads them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key.slice(first))) !== null) parts.push(match[1]!);
  return parts;
}

function isIndex(part: string): boolean {
  return part === '' || /^\d+$/.test(part);
}

export function decodeStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && isIndex(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsIndex ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
      } else {
        if (last) node[part] = value;
        else {
          const existing = node[part];
          if (existing === undefined || typeof existing === 'string') {
            node[part] = nextIsIndex ? [] : {};
          }
          node = node[part] as FormObject | FormValue[];
        }
      }
    }
  }
  return root;
}

/** Reads one string parameter; '' (Stripe's "unset") counts as given. */
export function str(params: FormObject, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function obj(params: FormObject, key: string): FormObject | undefined {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function list(params: FormObject, key: string): FormValue[] {
  const value = params[key];
  if (Array.isArray(value)) return value.filter((v) => v !== undefined);
  // The SDK may send arrays as objects keyed 0, 1, ... when they were sparse.
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}

export function bool(params: FormObject, key: string): boolean | undefined {
  const value = str(params, key);
  return value === undefined ? undefined : value === 'true';
}

/** Metadata values are strings; '' deletes a key, as on Stripe. */
export function mergeMetadata(
  current: Record<string, string>,
  update: FormObject | undefined,
): Record<string, string> {
  if (!update) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
