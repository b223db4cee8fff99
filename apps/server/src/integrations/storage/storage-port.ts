/** Where uploaded files live. Adapters: local disk under DATA_DIR/storage (default) and S3-compatible. */
export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

export interface StoragePort {
  put(input: { bucket: string; key: string; body: Uint8Array; contentType: string }): Promise<void>;
  get(bucket: string, key: string): Promise<StoredObject | null>;
  delete(bucket: string, key: string): Promise<void>;
  /** The URL the browser loads the object from (public buckets only). */
  publicUrl(bucket: string, key: string): string;
}
