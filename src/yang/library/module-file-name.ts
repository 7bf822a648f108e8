/**
 * @module yang/library/module-file-name
 * The YANG file naming convention: `module-or-submodule-name ['@' revision-date] '.yang'`.
 * @see RFC 7950 §5.2
 */

/** The module name and optional revision a file name announces. */
export interface ModuleFileName {
  readonly name: string;
  readonly revision: string | undefined;
}

const FILE_NAME = /^([A-Za-z_][A-Za-z0-9_.-]*?)(?:@(\d{4}-\d{2}-\d{2}))?\.yang$/;

/** Splits `name.yang` or `name@YYYY-MM-DD.yang` into its parts; undefined for any other file name. @see RFC 7950 §5.2 */
export const parseModuleFileName = (fileName: string): ModuleFileName | undefined => {
  const match = FILE_NAME.exec(fileName);
  const name = match?.[1];
  return name === undefined ? undefined : { name, revision: match?.[2] };
};
