/*!re2c re2c:yyfill:enable = 0; */
