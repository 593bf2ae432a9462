// Agent and tool signatures: `(query :string, limit :int) -> {count :int, items [{id :int}]}`.
// Syntax only, no actions: src/signature/parse.ts turns the parse tree into a Signature
// with source spans and gives every error its message (type names are checked there,
// so that `:strng` gets a suggestion instead of a syntax error). PIPE and OTHER exist
// so that unions and refinements (`:string|:int`, `:int[>0]`) reach the parser and get
// a message saying they are not supported yet.
grammar Signature;

options { language = TypeScript; }

// ---------------------------------------------------------------- parser

// The shorthand without inputs (`{count :int}`) means `() -> {count :int}`.
signature : (params ARROW)? type EOF ;

// Parameters and fields may be separated by commas, spaces or both.
params    : LPAREN (param (COMMA? param)* COMMA?)? RPAREN ;
param     : name type ;

// A trailing `?` makes a type optional: `:string?` (one token), `{...}?`, `[:int]?`.
type      : KEYWORD QMARK?                                    # primitive
          | LBRACK type RBRACK QMARK?                         # list
          | LBRACE (field (COMMA? field)* COMMA?)? RBRACE QMARK? # map
          ;
field     : name type ;

// Names are written with or without a leading colon: `id :int` or `:id :int`.
name      : NAME | KEYWORD ;

// ---------------------------------------------------------------- lexer

ARROW    : '->' ;
LPAREN   : '(' ;
RPAREN   : ')' ;
LBRACK   : '[' ;
RBRACK   : ']' ;
LBRACE   : '{' ;
RBRACE   : '}' ;
COMMA    : ',' ;
QMARK    : '?' ;
PIPE     : '|' ;
KEYWORD  : ':' NAME_BODY ;
NAME     : NAME_BODY ;
WS       : [ \t\r\n]+ -> skip ;
OTHER    : . ;

// `user-name`, `was_improved`, `valid?`; a hyphen never ends a name, so `limit->` is
// `limit` then `->`.
fragment NAME_BODY  : NAME_START NAME_CHAR* ('-' NAME_CHAR+)* ;
fragment NAME_START : [a-zA-Z_] ;
fragment NAME_CHAR  : [a-zA-Z0-9_?!] ;
