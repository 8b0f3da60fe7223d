/**
 * A Map kept to its most recently used entries: a process's small caches (built pages, drawn
 * pages, feed files) hold what is asked for again, and never grow past `most`.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, most: number): V {
  map.delete(key); // the most recent last, in the Map's order
  map.set(key, value);
  while (map.size > most) map.delete(map.keys().next().value!);
  return value;
}
