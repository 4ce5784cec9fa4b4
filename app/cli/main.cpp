#include <iostream>
int main() { std::cout << "toposcope-cli (under construction)\n"; return 0; }
