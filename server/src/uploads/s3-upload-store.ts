import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue, type Options } from '@tus/s3-store';

const PART_NUMBER = 'tus-part';

/**
 * @tus/s3-store with one change to how it keeps a PATCH's tail shorter than S3's minimum part
 * (the "incomplete part", `{id}.part`). The stock store deletes it as soon as the next PATCH
 * starts and writes its bytes again only once that PATCH has sent enough for a part: a process
 * killed in between loses bytes it had already acknowledged, so a HEAD after the restart would
 * answer an offset below what the client was told. Here the incomplete part records the part
 * number it is to become and stays until the bytes that replace it are stored; one whose
 * number a stored part already has is stale, counted as absent, and removed.
 */
export class SafeS3Store extends S3Store {
  /** Per upload being written here: the highest part number this write has started. */
  private readonly started = new Map<string, number>();

  constructor(options: Options) {
    super(options);
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const parts = await this.retrieveParts(id);
    this.started.set(id, parts.length > 0 ? parts[parts.length - 1]!.PartNumber! : 0);
    try {
      const newOffset = await super.write(src, id, offset);
      await this.dropStaleIncompletePart(id);
      return newOffset;
    } finally {
      this.started.delete(id);
    }
  }

  protected override async deleteIncompletePart(id: string): Promise<void> {
    // Kept while a write is under way: the bytes that replace it are not stored yet.
    if (this.started.has(id)) return;
    await super.deleteIncompletePart(id);
  }

  protected override async uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    const id = metadata.file.id;
    const before = this.started.get(id);
    if (before !== undefined && partNumber > before) this.started.set(id, partNumber);
    return super.uploadPart(metadata, readStream, partNumber);
  }

  protected override async uploadIncompletePart(id: string, readStream: Readable): Promise<string> {
    const number = (this.started.get(id) ?? (await this.lastPartNumber(id))) + 1;
    const data = await this.client.putObject({
      Bucket: this.bucket,
      Key: this.partKey(id, true),
      Body: readStream,
      Metadata: { [PART_NUMBER]: String(number) },
    });
    return data.ETag!;
  }

  protected override async getIncompletePartSize(id: string): Promise<number | undefined> {
    const head = await this.incompletePartHead(id);
    if (!head || (await this.isStale(id, head.number))) return undefined;
    return head.size;
  }

  protected override async getIncompletePart(id: string): Promise<Readable | undefined> {
    const head = await this.incompletePartHead(id);
    if (!head || (await this.isStale(id, head.number))) return undefined;
    return super.getIncompletePart(id);
  }

  private async lastPartNumber(id: string): Promise<number> {
    const parts = await this.retrieveParts(id);
    return parts.length > 0 ? parts[parts.length - 1]!.PartNumber! : 0;
  }

  private async incompletePartHead(
    id: string,
  ): Promise<{ size: number; number: number | undefined } | undefined> {
    try {
      const head = await this.client.headObject({
        Bucket: this.bucket,
        Key: this.partKey(id, true),
      });
      const number = Number(head.Metadata?.[PART_NUMBER]);
      return {
        size: Number(head.ContentLength ?? 0),
        number: Number.isInteger(number) && number > 0 ? number : undefined,
      };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  /** A stored part already carries this incomplete part's number: its bytes are in it. */
  private async isStale(id: string, number: number | undefined): Promise<boolean> {
    if (number === undefined) return false;
    try {
      return (await this.lastPartNumber(id)) >= number;
    } catch (err) {
      // The multipart upload is complete (or gone): no incomplete part belongs to it.
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchUpload' || name === 'NoSuchKey') return true;
      throw err;
    }
  }

  private async dropStaleIncompletePart(id: string): Promise<void> {
    const head = await this.incompletePartHead(id);
    if (head && (await this.isStale(id, head.number))) {
      await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    }
  }
}
