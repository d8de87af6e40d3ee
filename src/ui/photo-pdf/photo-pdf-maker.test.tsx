import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { FilePicker } from '../file-picker.tsx';
import { PhotoPdfMaker } from './photo-pdf-maker.tsx';
import type { PhotoToPage } from './photo-page.ts';

// The conversion is the canvas's work (the browser test covers it); here each photo's page
// is a small real JPEG, tall for a photo named "tall…" (120 px wide), wide otherwise (170 px).
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../../../tests/unit/fixtures', name)));
const tall = fixture('page-portrait.jpg');
const wide = fixture('page-landscape.jpg');
const fakePhotoToPage = () => vi.fn<PhotoToPage>(async (photo) => ((photo as File).name.startsWith('tall') ? tall : wide));
const photo = (name: string) => new File(['photo'], name, { type: 'image/jpeg' });

/** The widths of the PDF's images, in page order: which photo went where. */
async function pageWidths(pdf: File) {
  const text = new TextDecoder('latin1').decode(await pdf.arrayBuffer());
  return [...text.matchAll(/\/Subtype \/Image \/Width (\d+)/g)].map((match) => Number(match[1]));
}

describe('pages from photos', () => {
  it('shows each page, removes and reorders them, redoes them in black and white, and gives one PDF', async () => {
    const photoToPage = fakePhotoToPage();
    const onDone = vi.fn<(pdf: File) => void>();
    await renderScreen(<PhotoPdfMaker id="attachment" onDone={onDone} onCancel={() => {}} photoToPage={photoToPage} />);
    const use = screen.getByRole('button', { name: 'Use these pages' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    expect(screen.getByText('No pages yet.')).toBeTruthy();

    const [first, second, third] = [photo('tall-1.jpg'), photo('wide-2.jpg'), photo('tall-3.jpg')];
    fireEvent.change(screen.getByTestId('attachment-photos'), { target: { files: [first, second, third] } });
    await waitFor(() => expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['Page 1', 'Page 2', 'Page 3']));
    expect(photoToPage.mock.calls).toEqual([
      [first, { greyscale: false }],
      [second, { greyscale: false }],
      [third, { greyscale: false }],
    ]);

    // The wide photo first, the last one gone.
    fireEvent.click(screen.getByRole('button', { name: 'Move page 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove page 3' }));
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Move page 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move page 2 down' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Black and white (a smaller file)' }));
    await waitFor(() => expect(photoToPage).toHaveBeenCalledTimes(5));
    expect(photoToPage.mock.calls.slice(3)).toEqual([
      [second, { greyscale: true }],
      [first, { greyscale: true }],
    ]);
    await waitFor(() => expect(use.disabled).toBe(false));
    expect(screen.getByTestId('attachment-photos-size').textContent).toMatch(/^2 pages, \d+ KB$/);

    fireEvent.click(use);
    expect(onDone).toHaveBeenCalledTimes(1);
    const pdf = onDone.mock.calls[0][0];
    expect([pdf.name, pdf.type]).toEqual(['photos.pdf', 'application/pdf']);
    expect(await pageWidths(pdf)).toEqual([170, 120]);
  });

  it('holds back a photo it cannot read until it is removed', async () => {
    const photoToPage = vi.fn<PhotoToPage>(async (file) => {
      if ((file as File).name === 'broken.heic') throw new Error('undecodable');
      return tall;
    });
    await renderScreen(<PhotoPdfMaker id="attachment" onDone={() => {}} onCancel={() => {}} photoToPage={photoToPage} />);
    fireEvent.change(screen.getByTestId('attachment-photos'), { target: { files: [photo('broken.heic'), photo('tall.jpg')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This photo could not be read. Remove it and take it again.');
    await screen.findByRole('img', { name: 'Page 2' });
    const use = screen.getByRole('button', { name: 'Use these pages' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove page 1' }));
    expect(use.disabled).toBe(false);
  });

  it("is offered on a form's PDF slot and not on a picture's, and Cancel closes it untouched", async () => {
    const onChange = vi.fn<(file: File | undefined) => void>();
    await renderScreen(
      <>
        <FilePicker id="attachment" label="Attachment" accept="application/pdf,.pdf" file={undefined} onChange={onChange} />
        <FilePicker id="picture" label="Picture" accept="image/jpeg,image/png" file={undefined} onChange={() => {}} />
      </>,
    );
    const offers = screen.getAllByRole('button', { name: 'Take or choose photos' });
    expect(offers).toHaveLength(1);
    fireEvent.click(offers[0]);
    // The panel's code arrives by a dynamic import; the real canvas cannot run here, so the PDF is not made.
    expect(await screen.findByRole('heading', { name: 'Pages from photos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take or choose photos' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Pages from photos' })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
