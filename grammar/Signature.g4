// Agent and tool signatures: `(query :string, limit :int) -> {count :int, items [{id :int}]}`.
// Syntax only, no actions: src/signature/parse.ts turns the parse tree into a Signature
// with source spans and gives every error its message (type names, enum values and
// refinements are checked there, so that `:strng` gets a suggestion instead of a syntax
// error). OTHER exists so that any stray character reaches the parser and gets a message.
grammar Signature;

options { language = TypeScript; }

// ---------------------------------------------------------------- parser

// The shorthand without inputs (`{count :int}`) means `() -> {count :int}`.
signature : (params ARROW)? type EOF ;

// Parameters and fields may be separated by commas, spaces or both. A string after the
// type is the description: `(query :string "what to look for")`.
params    : LPAREN (param (COMMA? param)* COMMA?)? RPAREN ;
param     : name type STRING? ;

// `:string|:int`, `"fast"|"slow"`: two or more members make a union.
type      : member (PIPE member)* ;

// A trailing `?` makes a type optional: `:string?` (one token), `{...}?`, `[:int]?`;
// `(:string|:int)?` makes a whole union optional. A keyword is a primitive (`:int`), an
// enum (`:enum[a b]`) or a named type (`:Ticket`); brackets after it or after a list
// refine it: `:int[>0]`, `:string[1..80]`, `[:int][..10]`.
member    : KEYWORD refine? QMARK?                                # primitive
          | LBRACK type RBRACK refine? QMARK?                     # list
          | LBRACE (field (COMMA? field)* COMMA?)? RBRACE QMARK?  # map
          | (STRING | NUMBER | BOOL) QMARK?                       # literal
          | LPAREN type RPAREN QMARK?                             # group
          ;
field     : name type STRING? ;

// Enum values (`[open closed]`) or bounds (`[>0]`, `[>=1]`, `[>0 <1]`, `[1..100]`, `[..10]`).
refine    : LBRACK (bound | enumValue*) RBRACK ;
bound     : compare compare?
          | NUMBER? DOTDOT NUMBER?
          ;
compare   : (GT | GE | LT | LE) NUMBER ;
enumValue : NAME | KEYWORD | BOOL ;

// Names are written with or without a leading colon: `id :int` or `:id :int`.
name      : NAME | KEYWORD | BOOL ;

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
DOTDOT   : '..' ;
GE       : '>=' ;
LE       : '<=' ;
GT       : '>' ;
LT       : '<' ;
// `"fast"`; escapes as in JSON (`\"`, `\\`, `\n`, `\u00e9`).
STRING   : '"' (~["\\\r\n] | '\\' .)* '"' ;
NUMBER   : '-'? [0-9]+ ('.' [0-9]+)? ([eE] [+-]? [0-9]+)? ;
// `true?` is one token, as `:int?` is (the builder reads the `?`).
BOOL     : ('true' | 'false') '?'? ;
KEYWORD  : ':' NAME_BODY ;
NAME     : NAME_BODY ;
WS       : [ \t\r\n]+ -> skip ;
OTHER    : . ;

// `user-name`, `was_improved`, `valid?`; a hyphen never ends a name, so `limit->` is
// `limit` then `->`.
fragment NAME_BODY  : NAME_START NAME_CHAR* ('-' NAME_CHAR+)* ;
fragment NAME_START : [a-zA-Z_] ;
fragment NAME_CHAR  : [a-zA-Z0-9_?!] ;
