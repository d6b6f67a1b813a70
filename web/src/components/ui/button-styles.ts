const base =
  'inline-flex items-center justify-center gap-2 rounded-full text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} h-10 bg-accent px-5 font-semibold text-black hover:bg-[#65b8ff]`,
  light: `${base} h-9 bg-ink-strong px-4 text-black hover:bg-white`,
  secondary: `${base} h-9 bg-hover px-4 text-ink-strong hover:bg-active`,
  outline: `${base} h-9 border border-line text-accent hover:border-transparent hover:bg-accent/15`,
  ghost: `${base} h-9 px-4 text-ink-strong hover:bg-hover`,
  danger: `${base} h-9 bg-red-600 px-4 font-semibold text-white hover:bg-red-500`,
  icon: 'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-strong transition-colors hover:bg-hover active:bg-active disabled:cursor-not-allowed disabled:opacity-40',
} as const;
