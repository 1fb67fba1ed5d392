import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { twoSchoolsApp, type TestApp } from '../../test/test-app.ts';
import type { Page } from '#contract/paging.ts';
import type { Galeri } from '#contract/sarpras.ts';
import { addGaleriPhoto, GALERI_FIELDS, noiseJpeg, smallPng } from '../../test/images.ts';

let t: TestApp;
let opA: string;
let opB: string;
const fields = GALERI_FIELDS;

beforeEach(async () => {
  ({ t, opA, opB } = await twoSchoolsApp());
});
afterEach(async () => {
  await t.app.close();
});

async function fetchBytes(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
}

describe('gallery', () => {
  it('add: SPEC messages in order (the photo last)', async () => {
    const empty = await t.call<{ errors: Record<string, string> }>('POST', '/api/galeri', {
      token: opA,
      form: { fields: { npsn: '60200100' } },
    });
    expect(empty.status).toBe(422);
    expect(Object.values(empty.body.data.errors)).toEqual([
      'Nama  tidak boleh Kosong',
      'Jenis tidak boleh Kosong',
      'Deskripsi tidak boleh Kosong',
      'Keterangan  tidak boleh Kosong',
      'Foto tidak boleh Kosong',
    ]);
    const noPhoto = await t.call('POST', '/api/galeri', { token: opA, form: { fields } });
    expect(noPhoto.body.diagnostic.message).toBe('Foto tidak boleh Kosong');
    const json = await t.call('POST', '/api/galeri', { token: opA, body: fields });
    expect(json.status).toBe(415);
  });

  it('stores a 4 MB photo at 300 KB or less, metadata stripped, with a thumbnail', async () => {
    const photo = await sharp(await noiseJpeg(4 * 1024 * 1024))
      .withMetadata({ exif: { IFD0: { Artist: 'Guru Rahasia', Copyright: 'NIK 8271010101010001' } } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(3.9 * 1024 * 1024);
    expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const res = await t.call<Galeri>('POST', '/api/galeri', {
      token: opA,
      form: { fields, files: { foto: { bytes: photo } } },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    const stored = await fetchBytes(res.body.data.foto);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/jpeg');
    expect(stored.bytes.length).toBeLessThanOrEqual(300 * 1024);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from('Guru Rahasia'))).toBe(false);
    const thumb = await fetchBytes(res.body.data.thumbnail);
    expect((await sharp(thumb.bytes).metadata()).width).toBeLessThanOrEqual(240);
  });

  it('refuses a non-image renamed .jpg (415) and a 6 MB image (413); nothing stored', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</JS (app.alert(1))>>endobj\n%%EOF');
    const fake = await t.call('POST', '/api/galeri', {
      token: opA,
      form: { fields, files: { foto: { bytes: pdf, filename: 'foto.jpg', type: 'image/jpeg' } } },
    });
    expect(fake.status).toBe(415);
    expect(fake.body.diagnostic.message).toBe('Berkas harus gambar JPEG, PNG atau WebP');
    const big = await t.call('POST', '/api/galeri', {
      token: opA,
      form: { fields, files: { foto: { bytes: await noiseJpeg(6 * 1024 * 1024) } } },
    });
    expect(big.status).toBe(413);
    expect(big.body.diagnostic.message).toBe('Ukuran gambar maksimal 5 MB');
    const truncated = (await smallPng()).subarray(0, 40);
    expect(
      (await t.call('POST', '/api/galeri', { token: opA, form: { fields, files: { foto: { bytes: truncated } } } }))
        .status,
    ).toBe(415);
    expect(t.files.size()).toBe(0);
    expect(
      (await t.call<Page<Galeri>>('GET', '/api/galeri?npsn=60200100&page=1', { token: opA })).body.data.total,
    ).toBe(0);
  });

  it('list, get, update with and without a new photo, delete removes the files', async () => {
    const created = (
      await t.call<Galeri>('POST', '/api/galeri', {
        token: opA,
        form: { fields, files: { foto: { bytes: await smallPng(), type: 'image/png' } } },
      })
    ).body.data;
    expect(t.files.size()).toBe(2);
    const list = await t.call<Page<Galeri>>('GET', '/api/galeri?npsn=60200100&page=1', { token: opA });
    expect(list.body.data.data[0]).toMatchObject({
      nama: 'Gedung utama',
      jenis: 'sekolah',
      desk: 'Tampak depan',
      ket: 'Dokumentasi 2026',
      npsn: '60200100',
    });
    const textOnly = await t.call<Galeri>('POST', `/api/galeri/${created.id}?_method=put`, {
      token: opA,
      form: { fields: { ...fields, nama: 'Gedung baru' } },
    });
    expect(textOnly.body.data).toMatchObject({ nama: 'Gedung baru', foto: created.foto });
    const newPhoto = await t.call<Galeri>('POST', `/api/galeri/${created.id}?_method=put`, {
      token: opA,
      form: { fields, files: { foto: { bytes: await smallPng() } } },
    });
    expect(newPhoto.body.data.foto).not.toBe(created.foto);
    expect((await fetchBytes(created.foto)).status).toBe(404);
    expect(t.files.size()).toBe(2);
    expect((await t.call('DELETE', `/api/galeri/${created.id}`, { token: opA })).status).toBe(200);
    expect(t.files.size()).toBe(0);
  });

  it("an operator cannot list, read, change or delete another school's gallery", async () => {
    const created = (await addGaleriPhoto(t, opA)).body.data;
    expect((await t.call('GET', '/api/galeri?npsn=60200100', { token: opB })).status).toBe(403);
    expect((await t.call('GET', `/api/galeri/${created.id}`, { token: opB })).status).toBe(403);
    expect(
      (
        await t.call('POST', `/api/galeri/${created.id}?_method=put`, {
          token: opB,
          form: { fields: { ...fields, npsn: '60200200' } },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/galeri/${created.id}`, { token: opB })).status).toBe(403);
    expect((await addGaleriPhoto(t, opB)).status).toBe(403);
    expect((await t.call<Galeri>('GET', `/api/galeri/${created.id}`, { token: opA })).body.data.nama).toBe(
      'Gedung utama',
    );
    expect((await t.call('GET', '/api/galeri?npsn=60200100')).status).toBe(401);
  });
});
