/** The bag's pure rules: line quantities and units, request payload schemas, line view and totals. */
export * from './lines.ts';
export * from './payload.ts';
export * from './view.ts';
export * from './names.ts';
