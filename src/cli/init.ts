/** `ptcc init [DIR]`: placeholder until the scaffold lands. */
export interface InitArgs {
  readonly dir?: string;
}
export async function runInit(_args: InitArgs): Promise<number> {
  return 0;
}
