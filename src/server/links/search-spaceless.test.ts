import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { highlights, pageCopies } from '../db/schema';

let t: TestApp;
let as: SignedInUser;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Found = { id: string; match: string | null };
const search = async (q: string): Promise<Found[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/links/history?q=${encodeURIComponent(q)}`, headers: as.headers })).json().links;
const ids = async (q: string) => (await search(q)).map((link) => link.id).sort();

/** A readable copy of the link holding `text`, as the page reader stores it. */
async function withCopy(link: { id: string; createdAt: Date; url: string }, text: string, excerpt: string | null = null) {
  await t.ctx.database.db.insert(pageCopies).values({
    linkId: link.id,
    userId: as.user.id,
    linkCreatedAt: link.createdAt,
    url: link.url,
    kind: 'article',
    text,
    excerpt,
    html: `<p>${text}</p>`,
  });
}

describe('search inside text written without spaces (Japanese, Chinese, Korean)', () => {
  it('finds a word inside a longer run of characters, in titles, notes and articles', async () => {
    as = await signedInUser(t, 'pro');
    const [tokyo, tokyoTitle, kyoto, beijing, seoul, english] = await createLinks(t.ctx, as.user, [
      { title: 'ニュース', url: 'https://example.jp/a' },
      { title: '東京都の天気予報', url: 'https://example.jp/b' },
      { title: '旅行メモ', notes: '京都駅から東山へ歩いた', url: 'https://example.jp/c' },
      { title: '新闻', url: 'https://example.cn/a' },
      { title: '여행', url: 'https://example.kr/a' },
      { title: 'Tokyo travel', url: 'https://example.com/a' },
    ]);
    await withCopy(tokyo, '東京都は日本の首都です。人口は約千四百万人で、東京湾に面しています。');
    await withCopy(beijing, '北京市是中华人民共和国的首都，位于华北平原的北部。');
    await withCopy(seoul, '서울특별시는 대한민국의 수도이다. 우리는 서울에서 만났다.');
    await withCopy(english, 'Tokyo is the capital of Japan.');

    // Japanese: a word that is part of a longer run; one character; a phrase across a particle.
    expect(await ids('東京')).toEqual([tokyo.id, tokyoTitle.id].sort());
    expect(await ids('東京都')).toEqual([tokyo.id, tokyoTitle.id].sort());
    expect(await ids('首都')).toEqual([tokyo.id, beijing.id].sort());
    expect(await ids('東山')).toEqual([kyoto.id]);
    expect(await ids('湾')).toEqual([tokyo.id]);
    // The pairs must follow each other: 東京 and 京都 both appear in the notes "京都駅から東山", not 東京都.
    expect(await ids('京都駅')).toEqual([kyoto.id]);
    expect(await ids('都駅東')).toEqual([]);
    // Chinese.
    expect(await ids('华北')).toEqual([beijing.id]);
    expect(await ids('人民')).toEqual([beijing.id]);
    expect(await ids('北京 首都')).toEqual([beijing.id]);
    // Korean: a word with its particle attached ("서울에서", "서울특별시는").
    expect(await ids('서울')).toEqual([seoul.id]);
    expect(await ids('수도')).toEqual([seoul.id]);
    // Mixed with words that have spaces, and text without any of these scripts, as before.
    expect(await ids('tokyo')).toEqual([english.id]);
    expect(await ids('東京 japan')).toEqual([]);
    expect(await ids('大阪')).toEqual([]);
  });

  it('shows the matched words in context, marked, for text without spaces', async () => {
    as = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, as.user, [{ title: 'ニュース', url: 'https://example.jp/news' }]);
    const intro = 'この記事は長い前置きから始まります。'.repeat(4);
    await withCopy(link, `${intro}東京都は日本の首都です。東京湾に面しています。`);
    const [found] = await search('東京');
    expect(found.match).toContain('<mark>東京</mark>都は日本の首都です。<mark>東京</mark>湾');
    expect(found.match).toMatch(/^… /);
    const [byTitle] = await search('ニュース');
    expect(byTitle.match).toBeNull();
  });
});

describe('search snippets', () => {
  it('keeps a space between paragraphs and shows a passage once', async () => {
    as = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, as.user, [{ title: 'Bread', url: 'https://example.com/bread' }]);
    const first = 'Flour, water and salt, left overnight: the dough rises slowly and the crumb tastes of wheat.';
    // The excerpt is the text's start, as the page reader makes it: the snippet shows that passage once.
    await withCopy(link, `${first}\n\nA levain keeps for weeks.`, first);
    const [found] = await search('crumb');
    expect(found.match).toContain('the <mark>crumb</mark> tastes');
    expect(found.match?.match(/<mark>crumb<\/mark>/g)).toHaveLength(1);
    const [second] = await search('levain');
    expect(second.match).toContain('wheat. A <mark>levain</mark>');

    // A highlight is a passage of the text: it is shown once, not again from the text.
    const passage = 'the dough rises slowly and the crumb tastes of wheat';
    await t.ctx.database.db.insert(highlights).values({
      userId: as.user.id,
      linkId: link.id,
      exact: passage,
      startOffset: first.indexOf(passage),
      endOffset: first.indexOf(passage) + passage.length,
    });
    const [highlighted] = await search('crumb');
    expect(highlighted.match?.match(/<mark>crumb<\/mark>/g)).toHaveLength(1);
  });
});
