import request from 'supertest';
import sharp from 'sharp';
import { OPS_REQUEST_HEADER, type Article } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { photoWithExif } from './support/images';

/** The news feed (docs/articles.md): empty on a fresh install, written only by ops, images re-encoded and served by every instance. */
describe('articles: the news feed and its ops calls', () => {
  let env: TestEnv;
  let urls: string[];
  // The ops screens' header too: an admin write without it is refused (docs/api.md#ops-writes).
  const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`, [OPS_REQUEST_HEADER]: '1' };
  const wrong = { Authorization: `Basic ${Buffer.from('admin:guess').toString('base64')}` };

  useTestApp({ apis: 2 }, (started) => {
    env = started.env;
    urls = started.apis.map((a) => a.url);
  });

  const count = async () => Number((await env.sql<{ n: string }>(`SELECT count(*) AS n FROM articles`))[0].n);
  const publish = (title: string, text: string, image?: Buffer, headers: Record<string, string> = ops) => {
    const req = request(urls[0]).post('/api/admin/articles').set(headers).field('title', title).field('text', text);
    return image ? req.attach('image', image, 'header.jpg') : req;
  };

  it('starts empty: no placeholder articles', async () => {
    expect((await request(urls[0]).get('/api/articles').expect(200)).body).toEqual({ articles: [] });
    expect((await request(urls[0]).get('/api/articles/1').expect(404)).body).toEqual({ message: 'Article not found.' });
  });

  it("refuses every ops call without the operators' credentials, and changes nothing", async () => {
    for (const headers of [{}, wrong, { Authorization: 'Bearer some-player-token' }]) {
      const res = await publish('Sneaky', 'Not an operator.', undefined, headers as Record<string, string>).expect(401);
      expect(res.body).toEqual({ message: 'Admin credentials required.' });
      expect(res.headers['www-authenticate']).toBeUndefined();
      await request(urls[0]).put('/api/admin/articles/1').set(headers).field('title', 'x').expect(401);
      await request(urls[0]).delete('/api/admin/articles/1').set(headers).expect(401);
    }
    expect(await count()).toBe(0);
  });

  it('publishes with a header image re-encoded like a profile photo and served with cache headers by every instance', async () => {
    // 3200×1800 with camera EXIF and GPS: stored as a JPEG of at most 1600 px, no metadata.
    const res = await publish('Summer League opens', 'First paragraph.\n\nSecond <b>paragraph</b>.', await photoWithExif(3200, 1800)).expect(201);
    const article = res.body.article as Article;
    expect(res.body.message).toBe('Article published.');
    expect(article).toMatchObject({ title: 'Summer League opens', text: 'First paragraph.\n\nSecond <b>paragraph</b>.', image: true, image_version: 1 });
    for (const url of urls) {
      const img = await request(url).get(`/uploads/article-pictures/${article.id}.jpg?v=1`).expect(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(img.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1600, 900, undefined]);
      expect((img.body as Buffer).toString('latin1')).not.toContain('PhoneCam');
    }
    expect((await request(urls[1]).get(`/api/articles/${article.id}`).expect(200)).body).toEqual({ article });
  });

  it('refuses a file that is not an image and bad fields, storing nothing', async () => {
    const before = await count();
    const notImage = await publish('Title', 'Text', Buffer.from('<html><script>alert(1)</script></html>')).expect(415);
    expect(notImage.body.message).toBe('Only image files (JPEG, PNG, WebP, GIF, AVIF, TIFF) can be uploaded.');
    expect((await publish('  ', 'Text').expect(400)).body).toEqual({ message: 'Title is required.' });
    expect((await publish('Title', '').expect(400)).body).toEqual({ message: 'Text is required.' });
    expect((await publish('T'.repeat(201), 'Text').expect(400)).body).toEqual({ message: 'Title must be at most 200 characters.' });
    const extra = await request(urls[0]).post('/api/admin/articles').set(ops).field('title', 'T').field('text', 'x').field('author', 'me').expect(400);
    expect(extra.body).toEqual({ message: 'Unknown field: author.' });
    const json = await request(urls[0]).post('/api/admin/articles').set(ops).send({ title: 'T', text: 'x' }).expect(400);
    expect(json.body).toEqual({ message: 'Send the form as multipart/form-data.' });
    expect(await count()).toBe(before);
  });

  it('lists the latest articles oldest first; ops edit, swap or drop the image, and remove', async () => {
    const second = (await publish('Second story', 'Plain text.').expect(201)).body.article as Article;
    expect(second).toMatchObject({ image: false, image_version: 0 });
    const list = (await request(urls[0]).get('/api/articles').expect(200)).body.articles as Article[];
    expect(list.map((a) => a.title)).toEqual(['Summer League opens', 'Second story']);

    const edited = await request(urls[1])
      .put(`/api/admin/articles/${second.id}`)
      .set(ops)
      .field('title', 'Second story, updated')
      .attach('image', await photoWithExif(300, 200), 'new.jpg')
      .expect(200);
    expect(edited.body).toMatchObject({
      message: 'Article updated.',
      article: { id: second.id, title: 'Second story, updated', text: 'Plain text.', image: true, image_version: 1 },
    });
    await request(urls[0]).get(`/uploads/article-pictures/${second.id}.jpg?v=1`).expect(200);
    const again = await request(urls[0])
      .put(`/api/admin/articles/${second.id}`)
      .set(ops)
      .attach('image', await photoWithExif(30, 20), 'newer.jpg')
      .expect(200);
    expect(again.body.article.image_version).toBe(2);

    const dropped = await request(urls[0]).put(`/api/admin/articles/${second.id}`).set(ops).field('remove_image', 'true').expect(200);
    expect(dropped.body.article).toMatchObject({ image: false, title: 'Second story, updated' });
    await request(urls[1]).get(`/uploads/article-pictures/${second.id}.jpg?v=2`).expect(404);
    expect((await request(urls[0]).put(`/api/admin/articles/${second.id}`).set(ops).field('text', ' ').expect(400)).body).toEqual({ message: 'Text is required.' });

    expect((await request(urls[0]).delete(`/api/admin/articles/${second.id}`).set(ops).expect(200)).body).toEqual({ message: 'Article removed.' });
    await request(urls[1]).get(`/api/articles/${second.id}`).expect(404);
    expect((await request(urls[0]).delete(`/api/admin/articles/${second.id}`).set(ops).expect(404)).body).toEqual({ message: 'Article not found.' });
    expect((await request(urls[0]).put('/api/admin/articles/999999').set(ops).field('title', 'x').expect(404)).body).toEqual({ message: 'Article not found.' });
    await request(urls[0]).get('/api/articles/abc').expect(404);
    expect(((await request(urls[0]).get('/api/articles').expect(200)).body.articles as Article[]).map((a) => a.title)).toEqual(['Summer League opens']);
  });
});
