/** docs/product/plans-and-billing.md, Upgrade page: /upgrade and /upgrade-trial are on journey a unless the link says b. */
export function journeyFrom(params: URLSearchParams): 'a' | 'b' {
  return params.get('journey') === 'b' ? 'b' : 'a';
}
