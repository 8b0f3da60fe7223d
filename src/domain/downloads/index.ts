/** Stock-list downloads: types, titles, file names, columns and cell texts (pure). */
export * from './types.ts';
export * from './columns.ts';
