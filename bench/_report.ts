/** Shared output for benchmarks: ours, the reference measured in the same run, and ours as a share of it. */
export function printRatio(label: string, ours: number, reference: number, unit: string): number {
  const ratio = reference === 0 ? Number.NaN : ours / reference;
  console.log(
    `${label}: ours ${ours.toFixed(2)} ${unit}, reference ${reference.toFixed(2)} ${unit}, ours/reference ${(ratio * 100).toFixed(1)} %`,
  );
  return ratio;
}
