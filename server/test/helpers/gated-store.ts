import { LocalBlobStore } from '../../src/storage/local-blob-store.js';

type Gated = 'putFile' | 'putBuffer' | 'delete';

export interface Gate {
  /** Resolves when a request reaches the held call (it waits there until `release`). */
  reached: Promise<void>;
  release(): void;
}

/**
 * Local storage whose next call of one kind can be held, to stop a request at a known point
 * (an upload past its session check, a deletion removing files) while another one runs.
 */
export class GatedStore extends LocalBlobStore {
  private readonly gates = new Map<Gated, { arrived(): void; open: Promise<void> }>();

  hold(method: Gated): Gate {
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const open = new Promise<void>((resolve) => (release = resolve));
    this.gates.set(method, { arrived, open });
    return { reached, release };
  }

  private async pass(method: Gated): Promise<void> {
    const gate = this.gates.get(method);
    if (!gate) return;
    this.gates.delete(method);
    gate.arrived();
    await gate.open;
  }

  override async putFile(key: string, sourcePath: string): Promise<void> {
    await this.pass('putFile');
    return super.putFile(key, sourcePath);
  }

  override async putBuffer(key: string, data: Buffer): Promise<void> {
    await this.pass('putBuffer');
    return super.putBuffer(key, data);
  }

  override async delete(key: string): Promise<void> {
    await this.pass('delete');
    return super.delete(key);
  }
}
