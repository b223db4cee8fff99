/** Where uploaded files live. Adapters: local disk under DATA_DIR/storage (default) and S3-compatible. */
export interface StoredObject {
  body: Uint8Array;
  contentType: string;
  /** The name the file was uploaded with (documents), kept beside the object; never part of its key. */
  fileName?: string | undefined;
}

export interface StoragePort {
  put(input: {
    bucket: string;
    key: string;
    body: Uint8Array;
    contentType: string;
    fileName?: string | undefined;
  }): Promise<void>;
  get(bucket: string, key: string): Promise<StoredObject | null>;
  delete(bucket: string, key: string): Promise<void>;
  /** The URL the browser loads the object from (public buckets only). */
  publicUrl(bucket: string, key: string): string;
}
