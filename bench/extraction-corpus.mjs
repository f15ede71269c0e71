// The pages bench/extraction.mjs reads: 60 pages made the same way on every run from the templates
// below (a seeded random generator, no files committed): news pages wrapped in navigation, ads,
// scripts, related stories and comments; long blog posts; documentation pages with big sidebars,
// code and tables; and articles in other scripts, some in legacy charsets (Shift_JIS, GBK, EUC-KR,
// windows-1251, ISO-8859-7) that the reader decodes as it does a fetched page's bytes.

/** Mulberry32: the same numbers for the same seed, so every run reads the same corpus. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENGLISH = `the city river council water street people year plan project money school children family market
  price energy power climate weather summer winter road train station bridge park garden tree forest farm food
  local national report study data research scientist doctor hospital health patient team game season player
  coach music film book author history museum art language word letter system software computer network user
  company worker office job industry factory engine design building house home rent policy government election
  vote court law police question answer problem change growth cost tax bank loan budget future past morning night`
  .split(/\s+/)
  .filter(Boolean);
const VERBS = 'said found built opened closed raised cut moved showed wrote asked told gave took made kept'.split(' ');

/** Per script: words, and how a sentence is put together (spaces or none, the full stop). */
const SCRIPTS = {
  ja: {
    words:
      '川 都市 水 計画 市民 年 議会 道路 公園 学校 子ども 家族 電車 駅 橋 夏 冬 天気 研究 データ 病院 音楽 映画 本 歴史 言葉 会社 仕事 政府 選挙'.split(
        ' ',
      ),
    join: 'の',
    stop: '。',
    charset: 'shift_jis',
  },
  zh: {
    words:
      '城市 河流 水 计划 市民 年 议会 道路 公园 学校 孩子 家庭 火车 车站 桥梁 夏天 冬天 天气 研究 数据 医院 音乐 电影 书 历史 语言 公司 工作 政府 选举'.split(
        ' ',
      ),
    join: '',
    stop: '。',
    charset: 'gbk',
  },
  ko: {
    words:
      '도시 강 물 계획 시민 년 의회 도로 공원 학교 아이 가족 기차 역 다리 여름 겨울 날씨 연구 자료 병원 음악 영화 책 역사 언어 회사 일 정부 선거'.split(
        ' ',
      ),
    join: ' ',
    stop: '.',
    charset: 'euc-kr',
  },
  ru: {
    words:
      'город река вода план жители год совет дорога парк школа дети семья поезд станция мост лето зима погода исследование данные больница музыка фильм книга история язык компания работа правительство выборы'.split(
        ' ',
      ),
    join: ' ',
    stop: '.',
    charset: 'windows-1251',
  },
  el: {
    words:
      'πόλη ποτάμι νερό σχέδιο πολίτες χρόνος συμβούλιο δρόμος πάρκο σχολείο παιδιά οικογένεια τρένο σταθμός γέφυρα καλοκαίρι χειμώνας καιρός έρευνα δεδομένα νοσοκομείο μουσική ταινία βιβλίο ιστορία γλώσσα εταιρεία δουλειά κυβέρνηση εκλογές'.split(
        ' ',
      ),
    join: ' ',
    stop: '.',
    charset: 'iso-8859-7',
  },
  ar: {
    words:
      'مدينة نهر ماء خطة سكان سنة مجلس طريق حديقة مدرسة أطفال عائلة قطار محطة جسر صيف شتاء طقس بحث بيانات مستشفى موسيقى فيلم كتاب تاريخ لغة شركة عمل حكومة انتخابات'.split(
        ' ',
      ),
    join: ' ',
    stop: '.',
    charset: 'utf-8',
    dir: 'rtl',
  },
  hi: {
    words:
      'शहर नदी पानी योजना नागरिक साल परिषद सड़क पार्क स्कूल बच्चे परिवार ट्रेन स्टेशन पुल गर्मी सर्दी मौसम शोध आंकड़े अस्पताल संगीत फिल्म किताब इतिहास भाषा कंपनी काम सरकार चुनाव'.split(
        ' ',
      ),
    join: ' ',
    stop: '।',
    charset: 'utf-8',
  },
  th: {
    words:
      'เมือง แม่น้ำ น้ำ แผน ประชาชน ปี สภา ถนน สวน โรงเรียน เด็ก ครอบครัว รถไฟ สถานี สะพาน ฤดูร้อน ฤดูหนาว อากาศ การวิจัย ข้อมูล โรงพยาบาล ดนตรี ภาพยนตร์ หนังสือ ประวัติศาสตร์ ภาษา บริษัท งาน รัฐบาล การเลือกตั้ง'.split(
        ' ',
      ),
    join: '',
    stop: ' ',
    charset: 'utf-8',
  },
};

function makeText(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 14) }, () => pick(ENGLISH));
    words.splice(2 + Math.floor(random() * 4), 0, pick(VERBS));
    if (random() < 0.3) words.push(String(1900 + Math.floor(random() * 130)));
    const text = words.join(' ');
    return text[0].toUpperCase() + text.slice(1) + (random() < 0.1 ? '?' : '.');
  };
  const paragraph = (sentences = 3 + Math.floor(random() * 5)) => Array.from({ length: sentences }, sentence).join(' ');
  const title = () => {
    const text = Array.from({ length: 4 + Math.floor(random() * 6) }, () => pick(ENGLISH)).join(' ');
    return text[0].toUpperCase() + text.slice(1);
  };
  const foreign = (script, count) =>
    Array.from(
      { length: count },
      () => Array.from({ length: 6 + Math.floor(random() * 10) }, () => pick(script.words)).join(script.join) + script.stop,
    ).join(script.join === '' ? '' : ' ');
  return { pick, sentence, paragraph, title, foreign };
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function head({ title, site, description, lang, charset = 'utf-8', extra = '' }) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="${charset}"><title>${escapeHtml(title)} | ${site}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="${escapeHtml(description)}">
<meta property="og:title" content="${escapeHtml(title)}"><meta property="og:site_name" content="${site}"><meta property="og:type" content="article">
<meta property="og:image" content="https://cdn.${site.toLowerCase().replace(/\W+/g, '')}.example/images/lead.jpg"><meta property="article:published_time" content="2026-0${1 + (title.length % 9)}-1${title.length % 10}T08:30:00Z">
<link rel="icon" href="/favicon-32.png"><link rel="stylesheet" href="/assets/site.css">${extra}</head>`;
}

/** A menu of a news site: sections with their own sub-menus, as the big sites write them. */
function navigation(t, links) {
  const sections = Array.from(
    { length: links },
    (_, i) =>
      `<li class="nav-item"><a href="/section/${i}" class="nav-link">${t.title()}</a><ul class="sub">${Array.from({ length: 6 }, (_, j) => `<li><a href="/section/${i}/${j}">${t.pick(ENGLISH)} ${t.pick(ENGLISH)}</a></li>`).join('')}</ul></li>`,
  );
  return `<header class="site-header"><div class="top-bar"><a href="/subscribe">Subscribe</a> <a href="/login">Sign in</a> <form action="/search"><input name="q" placeholder="Search"></form></div><nav aria-label="Main"><ul class="menu">${sections.join('')}</ul></nav></header>`;
}

function advert(t, i) {
  return `<div class="ad-slot ad-${i}" data-ad-unit="/1234/news/${i}" style="min-height:250px"><span class="ad-label">Advertisement</span><a href="https://ads.example/click?id=${i}&amp;u=${Math.floor(t.pick([1, 2, 3]) * 1e6)}" rel="sponsored"><img src="https://ads.example/creative/${i}.jpg" width="300" height="250" alt=""></a><script>window.adQueue=(window.adQueue||[]).concat([{slot:${i},sizes:[[300,250],[728,90]]}]);</script></div>`;
}

function inlineScript(t, kilobytes) {
  const state = Array.from({ length: kilobytes * 16 }, (_, i) => `{"id":${i},"headline":"${t.title()}","url":"/story/${i}"}`).join(',');
  return `<script>window.__INITIAL_STATE__={"stories":[${state}],"user":null,"flags":{"paywall":true}};</script>`;
}

function newsPage(i) {
  const t = makeText(generator(1000 + i));
  const title = t.title();
  const site = t.pick(['The Daily Current', 'Metro Herald', 'Northern Times', 'City Ledger', 'Coastal Post']);
  const paragraphs = Array.from(
    { length: 10 + (i % 15) },
    (_, p) =>
      `<p>${t.paragraph()}</p>${p % 4 === 3 ? advert(t, p) : ''}${p === 5 ? `<figure><img src="/images/${i}-${p}.jpg" alt="${escapeHtml(t.sentence())}"><figcaption>${t.sentence()}</figcaption></figure>` : ''}`,
  );
  const related = Array.from(
    { length: 24 },
    (_, r) =>
      `<li class="card"><a href="/story/${i}-${r}"><img src="/thumbs/${r}.jpg" alt=""><h3>${t.title()}</h3></a><p>${t.sentence()}</p></li>`,
  ).join('');
  const comments = Array.from(
    { length: 15 + (i % 20) },
    (_, c) =>
      `<li class="comment"><b>reader${c}</b> <time>2 hours ago</time><p>${t.paragraph(1 + (c % 3))}</p><button>Reply</button> <button>Like</button></li>`,
  ).join('');
  const footer = Array.from({ length: 80 }, (_, f) => `<a href="/about/${f}">${t.pick(ENGLISH)} ${t.pick(ENGLISH)}</a>`).join(' · ');
  return `${head({ title, site, description: t.sentence(), lang: 'en-GB', extra: `<script src="https://tags.example/gtm.js" async></script><style>${'.card{display:flex;gap:8px}'.repeat(200)}</style>` })}
<body class="article-page">${navigation(t, 30 + (i % 20))}<div class="cookie-banner">We use cookies to improve your experience. <button>Accept all</button> <button>Settings</button></div>${advert(t, 0)}
<main><div class="layout"><article class="story"><h1 class="headline">${escapeHtml(title)}</h1><p class="standfirst">${t.sentence()}</p><div class="byline">By <a rel="author" href="/people/${i}">${t.title().split(' ').slice(0, 2).join(' ')}</a> · <time datetime="2026-03-14">14 March 2026</time></div>
<div class="share"><a href="https://social.example/share">Share</a> <a href="mailto:?subject=x">Email</a></div>${paragraphs.join('\n')}</article>
<aside class="sidebar"><h2>Most read</h2><ol>${Array.from({ length: 10 }, (_, m) => `<li><a href="/most/${m}">${t.title()}</a></li>`).join('')}</ol>${advert(t, 90)}${advert(t, 91)}</aside></div>
<section class="related"><h2>More stories</h2><ul>${related}</ul></section><section class="comments"><h2>Comments</h2><ol>${comments}</ol></section></main>
<footer><nav>${footer}</nav><p>© 2026 ${site}</p></footer>${inlineScript(t, 40 + (i % 60))}<script src="/assets/app.js" defer></script></body></html>`;
}

function blogPost(i) {
  const t = makeText(generator(2000 + i));
  const title = t.title();
  const sections = Array.from({ length: 12 + (i % 10) }, (_, s) => {
    const body = Array.from({ length: 4 + (s % 4) }, () => `<p>${t.paragraph()}</p>`).join('');
    const list = s % 3 === 0 ? `<ul>${Array.from({ length: 6 }, () => `<li>${t.sentence()}</li>`).join('')}</ul>` : '';
    const code =
      s % 4 === 1
        ? `<pre><code>${Array.from({ length: 12 }, (_, l) => escapeHtml(`const ${t.pick(ENGLISH)}${l} = await fetch("/api/${t.pick(ENGLISH)}").then((r) => r.json());`)).join('\n')}</code></pre>`
        : '';
    const quote = s % 5 === 2 ? `<blockquote>${t.paragraph(2)}</blockquote>` : '';
    return `<h2 id="s${s}">${t.title()}</h2>${body}${list}${code}${quote}<p><img src="/posts/${i}/${s}.png" alt="${escapeHtml(t.sentence())}" loading="lazy"></p>`;
  });
  return `${head({ title, site: 'Notes from the workshop', description: t.sentence(), lang: 'en' })}
<body><div class="wrap"><header><a class="logo" href="/">Notes from the workshop</a><nav><a href="/">Posts</a> <a href="/about">About</a> <a href="/feed.xml">RSS</a></nav></header>
<main><article class="post h-entry"><h1 class="p-name">${escapeHtml(title)}</h1><p class="meta"><time class="dt-published" datetime="2026-02-0${1 + (i % 9)}">February 2026</time> · ${20 + i} minute read</p>
<nav class="toc"><ol>${sections.map((_, s) => `<li><a href="#s${s}">Part ${s + 1}</a></li>`).join('')}</ol></nav>${sections.join('\n')}</article>
<section class="newsletter"><h2>Get the next post by email</h2><form><input type="email"><button>Subscribe</button></form></section></main>
<footer><p>Written by a person. <a href="/colophon">Colophon</a></p></footer></div></body></html>`;
}

function docsPage(i) {
  const t = makeText(generator(3000 + i));
  const title = `${t.pick(['Configuring', 'Using', 'Migrating', 'Deploying', 'Testing'])} ${t.pick(ENGLISH)} ${t.pick(ENGLISH)}`;
  const sidebar = Array.from(
    { length: 25 },
    (_, g) =>
      `<li><span class="group">${t.title()}</span><ul>${Array.from({ length: 12 }, (_, p) => `<li><a href="/docs/${g}/${p}">${t.pick(ENGLISH)} ${t.pick(ENGLISH)}</a></li>`).join('')}</ul></li>`,
  ).join('');
  const options = `<table><thead><tr><th>Option</th><th>Type</th><th>Default</th><th>Description</th></tr></thead><tbody>${Array.from({ length: 30 }, (_, o) => `<tr><td><code>${t.pick(ENGLISH)}${o}</code></td><td>string</td><td><code>"${t.pick(ENGLISH)}"</code></td><td>${t.sentence()}</td></tr>`).join('')}</tbody></table>`;
  const sections = Array.from(
    { length: 8 + (i % 6) },
    (_, s) =>
      `<h2 id="h${s}">${t.title()}</h2><p>${t.paragraph()}</p><pre class="language-js"><code>${Array.from({ length: 8 }, () => `<span class="token keyword">import</span> { ${t.pick(ENGLISH)} } <span class="token keyword">from</span> <span class="token string">'${t.pick(ENGLISH)}'</span>;`).join('\n')}</code></pre><p>${t.paragraph()}</p>${s === 2 ? options : ''}<div class="admonition note"><p class="title">Note</p><p>${t.sentence()}</p></div>`,
  ).join('\n');
  return `${head({ title, site: 'Framework Docs', description: t.sentence(), lang: 'en' })}
<body><div class="docs"><header class="navbar"><a href="/">Framework</a> <a href="/docs">Docs</a> <a href="/api">API</a> <a href="/blog">Blog</a> <select><option>v3</option><option>v2</option></select></header>
<nav class="sidebar"><ul>${sidebar}</ul></nav><main class="content"><nav class="breadcrumbs"><a href="/docs">Docs</a> › <a href="/docs/guides">Guides</a></nav><article><h1>${escapeHtml(title)}</h1>${sections}</article>
<nav class="pagination"><a href="/docs/prev">« Previous</a> <a href="/docs/next">Next »</a></nav><p><a href="https://github.example/edit">Edit this page</a></p></main>
<aside class="on-this-page"><ul>${Array.from({ length: 10 }, (_, h) => `<li><a href="#h${h}">${t.pick(ENGLISH)}</a></li>`).join('')}</ul></aside></div></body></html>`;
}

function foreignPage(i, lang) {
  const t = makeText(generator(4000 + i));
  const script = SCRIPTS[lang];
  const title = t.foreign(script, 1).slice(0, 40);
  const paragraphs = Array.from({ length: 30 + (i % 20) }, () => `<p>${t.foreign(script, 5 + (i % 4))}</p>`).join('\n');
  const menu = Array.from({ length: 40 }, (_, m) => `<li><a href="/c/${m}">${t.foreign(script, 1).slice(0, 12)}</a></li>`).join('');
  const html = `${head({ title, site: `News ${lang}`, description: t.foreign(script, 1), lang, charset: script.charset })}
<body${script.dir ? ` dir="${script.dir}"` : ''}><header><nav><ul>${menu}</ul></nav></header>${advert(t, 1)}<main><article><h1>${escapeHtml(title)}</h1><p class="byline">${t.foreign(script, 1).slice(0, 20)}</p>${paragraphs}</article>
<aside><h2>${t.foreign(script, 1).slice(0, 10)}</h2><ul>${Array.from({ length: 12 }, (_, r) => `<li><a href="/r/${r}">${t.foreign(script, 1)}</a></li>`).join('')}</ul></aside></main><footer>© 2026</footer></body></html>`;
  return { body: encode(html, script.charset), contentType: i % 2 === 0 ? `text/html; charset=${script.charset}` : 'text/html' };
}

const encoders = new Map();

/** Text in a legacy charset: Node encodes only UTF-8, so the charset's table is read back from TextDecoder. */
function encode(text, charset) {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  if (!encoders.has(charset)) {
    const decoder = new TextDecoder(charset);
    const table = new Map();
    for (let byte = 0; byte < 0x80; byte++) table.set(String.fromCharCode(byte), [byte]);
    const single = ['windows-1251', 'iso-8859-7'].includes(charset);
    for (let first = 0x80; first <= 0xff; first++) {
      if (single) {
        const char = decoder.decode(Uint8Array.of(first));
        if (char !== '\ufffd' && !table.has(char)) table.set(char, [first]);
        continue;
      }
      for (let second = 0x40; second <= 0xfe; second++) {
        const char = decoder.decode(Uint8Array.of(first, second));
        if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, [first, second]);
      }
    }
    encoders.set(charset, table);
  }
  const table = encoders.get(charset);
  const bytes = [];
  for (const char of text) bytes.push(...(table.get(char) ?? [...Buffer.from(`&#${char.codePointAt(0)};`)]));
  return Buffer.from(bytes);
}

/** The corpus: { name, url, contentType, body (bytes) } for 60 pages. */
export function extractionCorpus() {
  const pages = [];
  for (let i = 0; i < 20; i++)
    pages.push({
      name: `news-${i}`,
      url: `https://news${i % 5}.example/2026/03/story-${i}`,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(newsPage(i)),
    });
  for (let i = 0; i < 12; i++)
    pages.push({ name: `blog-${i}`, url: `https://blog.example/posts/${i}`, contentType: 'text/html', body: Buffer.from(blogPost(i)) });
  for (let i = 0; i < 12; i++)
    pages.push({
      name: `docs-${i}`,
      url: `https://docs.example/guides/${i}`,
      contentType: 'text/html; charset=UTF-8',
      body: Buffer.from(docsPage(i)),
    });
  const langs = Object.keys(SCRIPTS);
  for (let i = 0; i < 16; i++) {
    const lang = langs[i % langs.length];
    pages.push({ name: `${lang}-${i}`, url: `https://${lang}.news.example/a/${i}`, ...foreignPage(i, lang) });
  }
  return pages;
}
