/* pykc's grammar: the kernel dialect of Python, for lemon.
 *
 * The token list below is the contract with the lexer (lexer/lexer.re), which
 * includes the generated grammar.h for the TOK_* codes. Keep its order: the
 * codes are assigned in it. */

%token_prefix TOK_
%name ParseGrammar

/* layout and literals */
%token NEWLINE INDENT DEDENT NAME INT FLOAT STRING.
/* every Python keyword, so unsupported ones are reported by name */
%token FALSE NONE TRUE AND AS ASSERT ASYNC AWAIT BREAK CLASS CONTINUE DEF DEL
       ELIF ELSE EXCEPT FINALLY FOR FROM GLOBAL IF IMPORT IN IS LAMBDA NONLOCAL
       NOT OR PASS RAISE RETURN TRY WHILE WITH YIELD.
/* operators and delimiters */
%token PLUS MINUS STAR SLASH DSLASH PERCENT DSTAR AT LSHIFT RSHIFT AMP PIPE
       CARET TILDE LT GT LE GE EQEQ NE LPAREN RPAREN LBRACKET RBRACKET LBRACE
       RBRACE COMMA COLON DOT SEMI EQUAL ARROW WALRUS ELLIPSIS BANG.
/* augmented assignment */
%token PLUSEQ MINUSEQ STAREQ SLASHEQ DSLASHEQ PERCENTEQ DSTAREQ ATEQ AMPEQ
       PIPEEQ CARETEQ LSHIFTEQ RSHIFTEQ.
/* first token of a stand-alone expression (parse_expression) */
%token EXPRESSION_MODE.

/* PLACEHOLDER: the rules are written by the parser's author. */
start ::= NEWLINE.
