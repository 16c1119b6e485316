import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Both the sources (src/, run by tsx) and the bundle (dist/) sit one level below the package root,
// so one rule finds the migrations and the built web app in development and in production.
const here = path.dirname(fileURLToPath(import.meta.url));

export const serverRoot = path.resolve(here, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDist = path.resolve(serverRoot, '..', 'web', 'dist');

/** The address uploaded part pictures are served under; a picture's file name follows it. */
export const PART_IMAGE_PREFIX = '/uploads/parts/';
