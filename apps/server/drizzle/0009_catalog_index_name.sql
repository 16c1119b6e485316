-- One spelling, "catalog", for every identifier: a rename keeps the index (no rebuild, no moment without it).
ALTER INDEX "parts_catalogue_idx" RENAME TO "parts_catalog_idx";
