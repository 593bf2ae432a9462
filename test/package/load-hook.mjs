// A module-loading hook for root-import.test.ts: it records every module URL resolved,
// and hands the list back as the module "ptcc-test:loaded".
const loaded = [];

export async function resolve(specifier, context, next) {
  if (specifier === "ptcc-test:loaded") {
    return {
      url: `data:text/javascript,export default ${encodeURIComponent(JSON.stringify(loaded))}`,
      shortCircuit: true,
    };
  }
  const r = await next(specifier, context);
  loaded.push(r.url);
  return r;
}
