// PTC-Lisp: the lexical and structural syntax of programs. Syntax only, no actions:
// src/reader/ turns the parse tree into Forms with source spans and gives every
// error its message. Tokens for syntax PTC-Lisp rejects (deref, syntax quote, tagged
// literals, malformed numbers and characters, unterminated strings) exist so that the
// reader can say precisely what is wrong and where.
grammar PtcLisp;

options { language = TypeScript; }

// ---------------------------------------------------------------- parser

program     : element* EOF ;

// At top level an unmatched closer is tolerated (LLMs often add one); the reader warns.
element     : form | discard | stray ;
stray       : RPAREN | RBRACK | RBRACE ;

form        : literal
            | list
            | vector
            | map
            | set
            | anonFn
            | quote
            | varQuote
            | meta
            | unsupported
            ;

// Sequences inside brackets: forms, with `#_ form` discards anywhere.
body        : (form | discard)* ;

list        : LPAREN body RPAREN ;
vector      : LBRACK body RBRACK ;
map         : LBRACE body RBRACE ;
set         : HASH_LBRACE body RBRACE ;
anonFn      : HASH_LPAREN body RPAREN ;

// `#_ #_ a b` discards both a and b.
discard     : DISCARD discard* form ;

quote       : QUOTE discard* form ;
varQuote    : VAR_QUOTE discard* form ;
// `^:private x`, `^{:doc "."} x`: the metadata is read and dropped.
meta        : CARET form discard* form ;

unsupported : DEREF form                # deref
            | SYNTAX_QUOTE form         # syntaxQuote
            | UNQUOTE_SPLICING form     # unquoteSplicing
            | UNQUOTE form              # unquote
            | TAG form                  # taggedLiteral
            | READER_COND form          # readerConditional
            ;

literal     : NIL
            | TRUE
            | FALSE
            | NUMBER
            | SPECIAL_FLOAT
            | STRING
            | CHAR
            | KEYWORD
            | SYMBOL
            | REGEX
            ;

// ---------------------------------------------------------------- lexer

LPAREN           : '(' ;
RPAREN           : ')' ;
LBRACK           : '[' ;
RBRACK           : ']' ;
LBRACE           : '{' ;
RBRACE           : '}' ;
HASH_LBRACE      : '#{' ;
HASH_LPAREN      : '#(' ;
DISCARD          : '#_' ;
VAR_QUOTE        : '#\'' ;
READER_COND      : '#?' '@'? ;
QUOTE            : '\'' ;
CARET            : '^' ;
DEREF            : '@' ;
SYNTAX_QUOTE     : '`' ;
UNQUOTE_SPLICING : '~@' ;
UNQUOTE          : '~' ;

SPECIAL_FLOAT    : '##Inf' | '##-Inf' | '##NaN' ;

STRING           : '"' ( ~["\\] | '\\' . )* '"' ;
UNTERMINATED_STRING : '"' ( ~["\\] | '\\' . )* '\\'? EOF ;
REGEX            : '#"' ( ~["\\] | '\\' . )* '"' ;
UNTERMINATED_REGEX : '#"' ( ~["\\] | '\\' . )* '\\'? EOF ;

// Integers (decimal, hex, radix, N suffix), ratios and floats (M suffix).
// The reader checks ranges and turns each into a value.
NUMBER           : SIGN? DIGIT+ 'N'?
                 | SIGN? '0' [xX] HEXDIGIT+ 'N'?
                 | SIGN? DIGIT+ [rR] [0-9a-zA-Z]+
                 | SIGN? DIGIT+ '/' DIGIT+
                 | SIGN? DIGIT+ '.' DIGIT* EXPONENT? 'M'?
                 | SIGN? DIGIT+ EXPONENT 'M'?
                 | SIGN? DIGIT+ 'M'
                 ;
// Anything that starts like a number but is not one (`1abc`, `1.2.3`): an error token.
BAD_NUMBER       : SIGN? DIGIT NUMBER_TAIL+ ;

CHAR             : '\\' ( 'newline' | 'space' | 'tab' | 'return' | 'backspace' | 'formfeed'
                        | 'u' HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT
                        | 'o' [0-7] ( [0-7] [0-7]? )?
                        | . ) ;
// `\abc`: not a character name.
BAD_CHAR         : '\\' [a-zA-Z] [a-zA-Z0-9]+ ;

NIL              : 'nil' ;
TRUE             : 'true' ;
FALSE            : 'false' ;

KEYWORD          : ':' ':'? KEYWORD_CHAR+ ;
SYMBOL           : '/' | NAME ( '/' ( NAME | '/' ) )? ;
// `#inst "..."`, `#uuid "..."`, `#js {...}`: not supported, reported by the reader.
TAG              : '#' [a-zA-Z] SYM_REST* ;

WS               : [ \t\r\n\f,\u000B]+ -> channel(HIDDEN) ;
COMMENT          : ( ';' | '#!' ) ~[\r\n]* -> channel(HIDDEN) ;

// Any other character: an error token, reported with its position.
ERROR_CHAR       : . ;

fragment SIGN         : [+-] ;
fragment DIGIT        : [0-9] ;
fragment HEXDIGIT     : [0-9a-fA-F] ;
fragment EXPONENT     : [eE] [+-]? DIGIT+ ;
fragment NUMBER_TAIL  : [0-9a-zA-Z.+\-*!_?<>=&%$'#:/] ;
fragment NAME         : SYM_START SYM_REST* ;
fragment SYM_START    : ~[0-9 \t\r\n\f,\u000B()[\]{}"'`~@^\\;:#/] ;
fragment SYM_REST     : SYM_START | [0-9] | [#':] ;
fragment KEYWORD_CHAR : SYM_REST | '/' ;
