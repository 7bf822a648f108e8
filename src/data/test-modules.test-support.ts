/**
 * @module data/test-modules.test-support
 * Test support: small inline YANG modules that exercise every slot kind, built-in type family,
 * choice defaults and a cross-module augment.
 */

/** A module with one container holding one node of each interesting kind. */
export const TYPES_MODULE = `module t {
  yang-version 1.1;
  namespace "urn:t";
  prefix t;
  import ietf-inet-types { prefix inet; }
  identity base;
  identity one { base base; }
  typedef percent { type uint8 { range "0..100"; } default 50; }
  container top {
    leaf s { type string { length "1..5"; } }
    leaf i64 { type int64; }
    leaf u8 { type uint8; }
    leaf d { type decimal64 { fraction-digits 2; } }
    leaf e { type empty; }
    leaf id { type identityref { base base; } }
    leaf b { type bits { bit a; bit b; } }
    leaf flag { type boolean; }
    leaf p { type percent; }
    leaf dflt { type string; default "hello"; }
    leaf addr { type inet:ip-address; }
    leaf-list ll { type string; }
    leaf-list lld { type uint8; default 1; default 2; }
    leaf state { type string; config false; }
    container np { leaf x { type string; default "x"; } leaf z { type string; } }
    container pres { presence "enabled"; leaf y { type string; default "y"; } }
    list l {
      key "k1 k2";
      leaf k2 { type string; }
      leaf k1 { type uint8; }
      leaf v { type string; }
      leaf sv { type string; config false; }
    }
    list ul { key name; ordered-by user; leaf name { type string; } }
    choice ch {
      default c1;
      case c1 { leaf c1a { type string; default "a"; } }
      case c2 { leaf c2a { type string; default "b"; } leaf c2b { type string; } }
    }
    anydata any;
  }
  container stats {
    config false;
    leaf count { type uint32; }
  }
}`;

/** A module augmenting `t:top` and adding a top-level leaf. */
export const AUGMENT_MODULE = `module u {
  yang-version 1.1;
  namespace "urn:u";
  prefix u;
  import t { prefix t; }
  augment "/t:top" { leaf extra { type string; } container more { leaf m { type int8; } } }
  leaf standalone { type string; }
}`;
