/**
 * A number of bytes that work in flight may hold at once: `take` answers false, taking
 * nothing, when `size` more would go past it; what was taken is given back with `give`.
 */
export class ByteBudget {
  private held = 0;

  constructor(private readonly max: number) {}

  take(size: number): boolean {
    if (this.held + size > this.max) return false;
    this.held += size;
    return true;
  }

  give(size: number): void {
    this.held = Math.max(0, this.held - size);
  }

  get inUse(): number {
    return this.held;
  }
}
