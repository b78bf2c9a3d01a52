/**
 * Turns a pdf-lib document into a Factur-X file: PDF/A-3 (B) identification and its XMP metadata with
 * the Factur-X extension schema, the sRGB OutputIntent, and the CII XML attached as `factur-x.xml`
 * (AFRelationship Data, listed in the catalog's /AF). The Info dictionary and the XMP say the same
 * title, author, tool and dates, as PDF/A requires.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AFRelationship, type PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

export const facturXFileName = 'factur-x.xml';
/** The Factur-X profile's name in the XMP (`fx:ConformanceLevel`). */
export const facturXConformanceLevel = 'EN 16931';

const iccProfile = readFile(new URL('./assets/sRGB.icc', import.meta.url));

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** ISO 8601 with the offset, as XMP dates are written. */
const xmpDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** One date for creation and modification: the document is written once. */
  date: Date;
}

const producer = 'bo-elements (pdf-lib)';

/** The XMP packet: PDF/A-3B identification, Dublin Core, and the Factur-X extension schema. */
export function facturXXmp(info: DocumentInfo, facturX: boolean): string {
  const extension = facturX
    ? `
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
                <rdf:li rdf:parseType="Resource">
                  <pdfaProperty:name>DocumentFileName</pdfaProperty:name>
                  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                  <pdfaProperty:category>external</pdfaProperty:category>
                  <pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description>
                </rdf:li>
                <rdf:li rdf:parseType="Resource">
                  <pdfaProperty:name>DocumentType</pdfaProperty:name>
                  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                  <pdfaProperty:category>external</pdfaProperty:category>
                  <pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description>
                </rdf:li>
                <rdf:li rdf:parseType="Resource">
                  <pdfaProperty:name>Version</pdfaProperty:name>
                  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                  <pdfaProperty:category>external</pdfaProperty:category>
                  <pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description>
                </rdf:li>
                <rdf:li rdf:parseType="Resource">
                  <pdfaProperty:name>ConformanceLevel</pdfaProperty:name>
                  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                  <pdfaProperty:category>external</pdfaProperty:category>
                  <pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description>
                </rdf:li>
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${facturXFileName}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${facturXConformanceLevel}</fx:ConformanceLevel>
    </rdf:Description>`
    : '';
  const date = xmpDate(info.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.subject)}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${producer}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${producer}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>${extension}
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * PDF/A-3 parts every document gets (the preview of a draft too): Info and XMP metadata, the
 * OutputIntent, a file identifier. With `xml`, the Factur-X attachment and extension schema as well.
 */
export async function makePdfA3(pdf: PDFDocument, info: DocumentInfo, xml: string | null): Promise<void> {
  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setCreator(producer);
  pdf.setProducer(producer);
  pdf.setCreationDate(info.date);
  pdf.setModificationDate(info.date);
  pdf.setLanguage('fr-FR');

  const { context, catalog } = pdf;
  const metadata = context.stream(new TextEncoder().encode(facturXXmp(info, xml !== null)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const icc = context.flateStream(await iccProfile, { N: 3 });
  const outputIntent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: context.register(icc),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(outputIntent)]));

  // PDF/A requires the trailer's file identifier; the same bytes twice (first written, this version).
  const id = PDFHexString.of(
    createHash('md5').update(`${info.title}|${info.date.toISOString()}`).digest('hex'),
  );
  context.trailerInfo.ID = context.obj([id, id]);

  if (xml !== null) {
    await pdf.attach(new TextEncoder().encode(xml), facturXFileName, {
      mimeType: 'text/xml',
      description: 'Factur-X invoice (CII, EN 16931)',
      creationDate: info.date,
      modificationDate: info.date,
      afRelationship: AFRelationship.Data,
    });
  }
}
