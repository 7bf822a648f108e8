/**
 * @module yang/types/xsd-unicode-blocks
 * The Unicode block names that XSD regular expressions accept in `\p{IsBlock}` escapes, with
 * their code point ranges (the Unicode 3.1 block list of XML Schema Part 2).
 * @see https://www.w3.org/TR/xmlschema-2/#charcter-classes (block escapes)
 */

/** One inclusive code point range. */
export interface CodePointRange {
  readonly first: number;
  readonly last: number;
}

const block = (first: number, last: number): readonly CodePointRange[] => [{ first, last }];

/**
 * Block escape name (without `Is`) → its code point ranges. `PrivateUse` and `Specials` span
 * several ranges, as in the XSD table.
 * @see XML Schema Part 2 §F.1.1 (IsBlock)
 */
export const XSD_UNICODE_BLOCKS: ReadonlyMap<string, readonly CodePointRange[]> = new Map([
  ['BasicLatin', block(0x0000, 0x007f)],
  ['Latin-1Supplement', block(0x0080, 0x00ff)],
  ['LatinExtended-A', block(0x0100, 0x017f)],
  ['LatinExtended-B', block(0x0180, 0x024f)],
  ['IPAExtensions', block(0x0250, 0x02af)],
  ['SpacingModifierLetters', block(0x02b0, 0x02ff)],
  ['CombiningDiacriticalMarks', block(0x0300, 0x036f)],
  ['Greek', block(0x0370, 0x03ff)],
  ['Cyrillic', block(0x0400, 0x04ff)],
  ['Armenian', block(0x0530, 0x058f)],
  ['Hebrew', block(0x0590, 0x05ff)],
  ['Arabic', block(0x0600, 0x06ff)],
  ['Syriac', block(0x0700, 0x074f)],
  ['Thaana', block(0x0780, 0x07bf)],
  ['Devanagari', block(0x0900, 0x097f)],
  ['Bengali', block(0x0980, 0x09ff)],
  ['Gurmukhi', block(0x0a00, 0x0a7f)],
  ['Gujarati', block(0x0a80, 0x0aff)],
  ['Oriya', block(0x0b00, 0x0b7f)],
  ['Tamil', block(0x0b80, 0x0bff)],
  ['Telugu', block(0x0c00, 0x0c7f)],
  ['Kannada', block(0x0c80, 0x0cff)],
  ['Malayalam', block(0x0d00, 0x0d7f)],
  ['Sinhala', block(0x0d80, 0x0dff)],
  ['Thai', block(0x0e00, 0x0e7f)],
  ['Lao', block(0x0e80, 0x0eff)],
  ['Tibetan', block(0x0f00, 0x0fff)],
  ['Myanmar', block(0x1000, 0x109f)],
  ['Georgian', block(0x10a0, 0x10ff)],
  ['HangulJamo', block(0x1100, 0x11ff)],
  ['Ethiopic', block(0x1200, 0x137f)],
  ['Cherokee', block(0x13a0, 0x13ff)],
  ['UnifiedCanadianAboriginalSyllabics', block(0x1400, 0x167f)],
  ['Ogham', block(0x1680, 0x169f)],
  ['Runic', block(0x16a0, 0x16ff)],
  ['Khmer', block(0x1780, 0x17ff)],
  ['Mongolian', block(0x1800, 0x18af)],
  ['LatinExtendedAdditional', block(0x1e00, 0x1eff)],
  ['GreekExtended', block(0x1f00, 0x1fff)],
  ['GeneralPunctuation', block(0x2000, 0x206f)],
  ['SuperscriptsandSubscripts', block(0x2070, 0x209f)],
  ['CurrencySymbols', block(0x20a0, 0x20cf)],
  ['CombiningMarksforSymbols', block(0x20d0, 0x20ff)],
  ['LetterlikeSymbols', block(0x2100, 0x214f)],
  ['NumberForms', block(0x2150, 0x218f)],
  ['Arrows', block(0x2190, 0x21ff)],
  ['MathematicalOperators', block(0x2200, 0x22ff)],
  ['MiscellaneousTechnical', block(0x2300, 0x23ff)],
  ['ControlPictures', block(0x2400, 0x243f)],
  ['OpticalCharacterRecognition', block(0x2440, 0x245f)],
  ['EnclosedAlphanumerics', block(0x2460, 0x24ff)],
  ['BoxDrawing', block(0x2500, 0x257f)],
  ['BlockElements', block(0x2580, 0x259f)],
  ['GeometricShapes', block(0x25a0, 0x25ff)],
  ['MiscellaneousSymbols', block(0x2600, 0x26ff)],
  ['Dingbats', block(0x2700, 0x27bf)],
  ['BraillePatterns', block(0x2800, 0x28ff)],
  ['CJKRadicalsSupplement', block(0x2e80, 0x2eff)],
  ['KangxiRadicals', block(0x2f00, 0x2fdf)],
  ['IdeographicDescriptionCharacters', block(0x2ff0, 0x2fff)],
  ['CJKSymbolsandPunctuation', block(0x3000, 0x303f)],
  ['Hiragana', block(0x3040, 0x309f)],
  ['Katakana', block(0x30a0, 0x30ff)],
  ['Bopomofo', block(0x3100, 0x312f)],
  ['HangulCompatibilityJamo', block(0x3130, 0x318f)],
  ['Kanbun', block(0x3190, 0x319f)],
  ['BopomofoExtended', block(0x31a0, 0x31bf)],
  ['EnclosedCJKLettersandMonths', block(0x3200, 0x32ff)],
  ['CJKCompatibility', block(0x3300, 0x33ff)],
  ['CJKUnifiedIdeographsExtensionA', block(0x3400, 0x4db5)],
  ['CJKUnifiedIdeographs', block(0x4e00, 0x9fff)],
  ['YiSyllables', block(0xa000, 0xa48f)],
  ['YiRadicals', block(0xa490, 0xa4cf)],
  ['HangulSyllables', block(0xac00, 0xd7a3)],
  ['HighSurrogates', block(0xd800, 0xdb7f)],
  ['HighPrivateUseSurrogates', block(0xdb80, 0xdbff)],
  ['LowSurrogates', block(0xdc00, 0xdfff)],
  [
    'PrivateUse',
    [
      { first: 0xe000, last: 0xf8ff },
      { first: 0xf0000, last: 0xffffd },
      { first: 0x100000, last: 0x10fffd },
    ],
  ],
  ['CJKCompatibilityIdeographs', block(0xf900, 0xfaff)],
  ['AlphabeticPresentationForms', block(0xfb00, 0xfb4f)],
  ['ArabicPresentationForms-A', block(0xfb50, 0xfdff)],
  ['CombiningHalfMarks', block(0xfe20, 0xfe2f)],
  ['CJKCompatibilityForms', block(0xfe30, 0xfe4f)],
  ['SmallFormVariants', block(0xfe50, 0xfe6f)],
  ['ArabicPresentationForms-B', block(0xfe70, 0xfefe)],
  [
    'Specials',
    [
      { first: 0xfeff, last: 0xfeff },
      { first: 0xfff0, last: 0xfffd },
    ],
  ],
  ['HalfwidthandFullwidthForms', block(0xff00, 0xffef)],
  ['OldItalic', block(0x10300, 0x1032f)],
  ['Gothic', block(0x10330, 0x1034f)],
  ['Deseret', block(0x10400, 0x1044f)],
  ['ByzantineMusicalSymbols', block(0x1d000, 0x1d0ff)],
  ['MusicalSymbols', block(0x1d100, 0x1d1ff)],
  ['MathematicalAlphanumericSymbols', block(0x1d400, 0x1d7ff)],
  ['CJKUnifiedIdeographsExtensionB', block(0x20000, 0x2a6d6)],
  ['CJKCompatibilityIdeographsSupplement', block(0x2f800, 0x2fa1f)],
  ['Tags', block(0xe0000, 0xe007f)],
]);
