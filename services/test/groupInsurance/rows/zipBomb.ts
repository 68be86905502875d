/**
 * Zip bombs for the XLSX reader's bound, built in the test: a real workbook written by exceljs whose shared
 * strings (or sheet) are replaced by an entry that inflates to many megabytes from a few kilobytes. The zip is
 * written here with node:zlib (deflate and crc32): JSZip's own deflate takes seconds over 65 MB.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

type Entry = { name: string; data: Buffer };

/** A zip of the entries, each deflated: local headers, then the central directory and its end record. */
export function zipOf(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name);
    const deflated = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, deflated);
    directory.push(central, fileName);
    offset += local.length + fileName.length + deflated.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

/** The entries of a real one-sheet workbook (a header and one row), as exceljs writes them. */
async function workbookEntries(header: string[], row: string[]): Promise<Entry[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Altas');
  sheet.addRow(header);
  sheet.addRow(row);
  const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
  const entries: Entry[] = [];
  for (const file of Object.values(zip.files)) {
    if (!file.dir) entries.push({ name: file.name, data: await file.async('nodebuffer') });
  }
  return entries;
}

/**
 * A valid XLSX whose shared-strings table holds one text of `megabytes` MB (a few tens of KB on disk):
 * exceljs alone would keep it whole in memory before the first row.
 */
export async function sharedStringsBomb(header: string[], row: string[], megabytes: number): Promise<Buffer> {
  const entries = await workbookEntries(header, row);
  const huge = Buffer.alloc(megabytes * 1024 * 1024, 'a');
  const strings = entries.find((entry) => entry.name === 'xl/sharedStrings.xml')!;
  const text = strings.data.toString('utf8');
  strings.data = Buffer.concat([
    Buffer.from(text.slice(0, text.lastIndexOf('</sst>'))),
    Buffer.from('<si><t>'),
    huge,
    Buffer.from('</t></si></sst>'),
  ]);
  return zipOf(entries);
}

/** A valid XLSX whose sheet has `megabytes` MB of padding inside one cell's XML (whitespace between rows). */
export async function sheetBomb(header: string[], row: string[], megabytes: number): Promise<Buffer> {
  const entries = await workbookEntries(header, row);
  const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml')!;
  const text = sheet.data.toString('utf8');
  const at = text.indexOf('</sheetData>');
  sheet.data = Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.alloc(megabytes * 1024 * 1024, ' '),
    Buffer.from(text.slice(at)),
  ]);
  return zipOf(entries);
}
