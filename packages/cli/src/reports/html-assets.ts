// The page's only style and script, inline: report.html opens from a CI artifact with no network
// (docs/REPORTS.md), and its Content-Security-Policy allows nothing else.

/** The Content-Security-Policy of report.html: inline style and script, no fetch of any kind. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The page's style sheet. */
export const REPORT_STYLE = `
:root{--pass:#1a7f37;--pass-bg:#dafbe1;--fail:#cf222e;--fail-bg:#ffebe9;--skip:#9a6700;--skip-bg:#fff8c5;--line:#d0d7de;--soft:#f6f8fa;--muted:#59636e}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:78rem;padding:1rem 1.5rem 3rem;color:#1f2328}
h1{font-size:1.6rem;margin:.6rem 0}h2{font-size:1.25rem;margin-top:2.2rem;padding-bottom:.3rem;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem;margin:1.4rem 0 .4rem}h4{font-size:.95rem;margin:0 0 .3rem}h5{font-size:.8rem;margin:.4rem 0;text-transform:uppercase;color:var(--muted)}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--soft);border:1px solid #eaeef2;border-radius:4px;padding:.5rem .6rem;margin:.2rem 0;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
a{color:#0969da}
.banner{background:var(--skip-bg);border:1px solid #d4a72c;border-radius:6px;padding:.7rem 1rem;margin:.5rem 0;font-weight:500}
.verdict{font-size:1.1rem;font-weight:600;margin:.2rem 0 .8rem;padding:.35rem .7rem;border-radius:6px}.verdict.failed{color:var(--fail)}.verdict.passed{color:var(--pass)}
.counts{display:flex;gap:.6rem;flex-wrap:wrap;margin:.6rem 0}
.count{display:block;min-width:8rem;padding:.5rem .9rem;border-radius:6px;text-decoration:none;color:inherit;border:1px solid transparent}
.count b{display:block;font-size:1.6rem;line-height:1.1}
.passed{background:var(--pass-bg)}.failed{background:var(--fail-bg)}.skipped{background:var(--skip-bg)}
.count.passed{border-color:#aceebb}.count.failed{border-color:#ffcecb}.count.skipped{border-color:#eed888}
.meta{color:var(--muted);margin:.3rem 0}.meta code{color:#1f2328}
table{border-collapse:collapse;width:100%;margin:.4rem 0}
td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #eaeef2;vertical-align:top}
th{font-weight:600;background:var(--soft)}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:flex;height:.7rem;min-width:8rem;border-radius:3px;overflow:hidden;background:#eaeef2;margin-top:.3rem}
.bar span{display:block}.bar .p{background:#4ac26b}.bar .f{background:var(--fail)}.bar .s{background:#d4a72c}
.badge{display:inline-block;padding:0 .45rem;border-radius:1rem;font-size:12px;font-weight:600}
.badge.passed{color:var(--pass)}.badge.failed{color:var(--fail)}.badge.skipped{color:var(--skip)}
article.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;padding:.6rem 1rem;margin:.7rem 0}
article.failure p.title{margin:.1rem 0 .4rem;font-weight:600}
dl.compare{display:grid;grid-template-columns:6rem 1fr;gap:.2rem .6rem;margin:.3rem 0}dl.compare dt{font-weight:600;padding-top:.3rem}dl.compare dd{margin:0}
details.exchange{margin:.5rem 0;border:1px solid #eaeef2;border-radius:4px;padding:.3rem .6rem}
details.exchange summary{cursor:pointer}
.io{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.note{color:var(--muted);font-size:12px;margin:.2rem 0}
.curl{position:relative}.curl pre{padding-right:6.5rem}
.copy{position:absolute;top:.35rem;right:.35rem;font:12px system-ui,sans-serif;padding:.15rem .5rem;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer}
form.filters{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin:.6rem 0;padding:.5rem .7rem;background:var(--soft);border:1px solid #eaeef2;border-radius:6px}
form.filters fieldset{border:0;margin:0;padding:0;display:flex;gap:.6rem}form.filters legend{float:left;font-weight:600;margin-right:.4rem}
#shown{color:var(--muted);margin-left:auto}
tr[hidden]{display:none}
`;

/** The page's script: the checks table filtered by status, § and id (from the controls, the URL's `#status=…&section=…&q=…` or `?…`), and the curl copy buttons. */
export const REPORT_SCRIPT = `
(() => {
  const form = document.querySelector('form.filters');
  const rows = [...document.querySelectorAll('#check-table tbody tr')];
  const shown = document.getElementById('shown');
  const read = () => {
    const params = new URLSearchParams(location.hash.includes('=') ? location.hash.slice(1) : location.search);
    return { status: params.get('status') || 'all', section: params.get('section') || 'all', q: params.get('q') || '' };
  };
  const show = (filter) => {
    const known = [...form.elements.section.options].some((option) => option.value === filter.section);
    form.elements.status.value = filter.status;
    form.elements.section.value = known ? filter.section : 'all';
    form.elements.q.value = filter.q;
    let count = 0;
    for (const row of rows) {
      const match = (filter.status === 'all' || row.dataset.status === filter.status)
        && (!known || filter.section === 'all' || row.dataset.section === filter.section)
        && (filter.q === '' || row.dataset.id.includes(filter.q));
      row.hidden = !match;
      if (match) count += 1;
    }
    shown.textContent = count + ' of ' + rows.length + ' checks shown';
  };
  form.hidden = false;
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('input', () => {
    const filter = { status: form.elements.status.value, section: form.elements.section.value, q: form.elements.q.value.trim() };
    show(filter);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value !== '' && value !== 'all') params.set(key, value);
    try { history.replaceState(null, '', params.size > 0 ? '#' + params : location.pathname + location.search); } catch {}
  });
  addEventListener('hashchange', () => {
    if (!location.hash.includes('=')) return;
    show(read());
    document.getElementById('checks').scrollIntoView();
  });
  show(read());
  for (const button of document.querySelectorAll('button.copy')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const pre = document.getElementById(button.dataset.copy);
      try {
        await navigator.clipboard.writeText(pre.textContent);
      } catch {
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        document.execCommand('copy');
      }
      button.textContent = 'Copied';
      setTimeout(() => { button.textContent = 'Copy curl'; }, 1500);
    });
  }
})();
`;
